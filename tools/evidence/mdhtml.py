"""A small Markdown -> HTML converter for the subset the report uses (index.html)."""
import html
import re


# ---------------------------------------------------------------------------
# A small Markdown -> HTML converter for the subset this report uses
# ---------------------------------------------------------------------------

def inline(text):
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for p in parts:
        if p.startswith("`") and p.endswith("`") and len(p) >= 2:
            out.append("<code>" + html.escape(p[1:-1]) + "</code>")
            continue
        s = html.escape(p, quote=False)
        s = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", lambda m: f'<a href="{m.group(2)}">{m.group(1)}</a>', s)
        s = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", s)
        s = re.sub(r"\b(RED|FAIL|OPEN)\b", r'<span class="red">\1</span>', s)
        s = re.sub(r"(^|[\s(:])(ok|PASS)\b", r'\1<span class="ok">\2</span>', s)
        s = re.sub(r"(^|[\s(:])(rule|justified)\b", r'\1<span class="rule">\2</span>', s)
        out.append(s)
    return "".join(out)


def md_to_html(text, title):
    out = ["<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\">", f"<title>{html.escape(title)}</title>",
           "<style>body{font-family:sans-serif;max-width:110em;margin:1em auto;padding:0 1em;line-height:1.4}"
           "table{border-collapse:collapse;margin:0.5em 0;font-size:0.85em}td,th{border:1px solid #bbb;"
           "padding:2px 5px;vertical-align:top}th{background:#eee}code{background:#f4f4f4}"
           "pre{background:#f4f4f4;padding:0.5em;overflow-x:auto;font-size:0.8em}"
           ".red{color:#fff;background:#c00;padding:0 3px;font-weight:bold}.ok{color:#060;font-weight:bold}"
           ".rule{color:#036;font-weight:bold}</style></head><body>"]
    lines = text.splitlines()
    i = 0
    in_list = False
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            j = i + 1
            block = []
            while j < len(lines) and not lines[j].startswith("```"):
                block.append(lines[j])
                j += 1
            out.append("<pre>" + html.escape("\n".join(block)) + "</pre>")
            i = j + 1
            continue
        if in_list and not line.startswith("- "):
            out.append("</ul>")
            in_list = False
        m = re.match(r"^(#{1,4}) (.*)$", line)
        if m:
            level = len(m.group(1))
            anchor = re.sub(r"[^a-z0-9]+", "-", m.group(2).lower()).strip("-")
            out.append(f'<h{level} id="{anchor}">{inline(m.group(2))}</h{level}>')
        elif line.startswith("| ") and i + 1 < len(lines) and re.match(r"^\|(---\|)+$", lines[i + 1]):
            header = split_row(line)
            out.append("<table><tr>" + "".join(f"<th>{inline(c)}</th>" for c in header) + "</tr>")
            i += 2
            while i < len(lines) and lines[i].startswith("| "):
                out.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in split_row(lines[i])) + "</tr>")
                i += 1
            out.append("</table>")
            continue
        elif line.startswith("- "):
            if not in_list:
                out.append("<ul>")
                in_list = True
            out.append(f"<li>{inline(line[2:])}</li>")
        elif line.strip():
            out.append(f"<p>{inline(line)}</p>")
        i += 1
    if in_list:
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def split_row(line):
    cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
    return [c.strip().replace("\\|", "|") for c in cells]

