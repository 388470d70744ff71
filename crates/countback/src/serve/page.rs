//! The page: the form and the result area, as HTML, around the command
//! line's document.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use countback_event::Procedure;

use super::*;

// ---------------------------------------------------------------------
// The page.

/// The parts of the command line's HTML document the page shows: its
/// title and body.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rendered<'a> {
    pub(super) title: &'a str,
    pub(super) main: &'a str,
}

/// The style of the command line's HTML documents, which the page shares.
pub(super) fn doc_style() -> &'static str {
    crate::doc::STYLE
}

/// What the result area shows.
pub(super) enum Shown<'a> {
    Done {
        file: &'a str,
        answer: &'a Answer,
        doc: Rendered<'a>,
    },
    Failed(&'a ServeError, Option<&'a Ask>),
}

pub(super) fn page(fields: &BTreeMap<String, String>, shown: Option<&Shown<'_>>) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let title = match shown {
        // The document's title is HTML already.
        Some(Shown::Done { doc, .. }) => format!("{} — countback", doc.title),
        Some(Shown::Failed(..)) => "Not read — countback".to_owned(),
        None => "countback — standings and tie-breaks by the book".to_owned(),
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"countback {}\">\n<title>{}</title>\n\
         <style>{}{PAGE_CSS}</style>\n<script src=\"/page.js\" defer></script>\n</head>\n<body>\n",
        env!("CARGO_PKG_VERSION"),
        title,
        doc_style(),
    );
    if shown.is_some() {
        out.push_str("<a class=\"skip\" href=\"#result\">Skip to the results</a>\n");
    }
    out.push_str(
        "<header class=\"bar\"><p><b>countback</b> <span>standings and tie-breaks by the book, with the clause for every decision</span></p></header>\n<main>\n",
    );
    form(&mut out, fields);
    result(&mut out, shown);
    let _ = write!(
        out,
        "</main>\n<footer class=\"page\"><p>Nothing is stored: each file is read in memory, answered and forgotten. Up to {} a file. The same rules and rendering as the <code>countback</code> command line (<code>--format html</code>).</p></footer>\n</body>\n</html>\n",
        bytes(MAX_UPLOAD_BYTES as u64)
    );
    out
}

pub(super) fn selected(fields: &BTreeMap<String, String>, name: &str, value: &str) -> &'static str {
    if fields.get(name).map(|v| v.trim()) == Some(value) {
        " selected"
    } else {
        ""
    }
}

/// An `<option>` for each name, the one the form sent for `field`
/// selected.
fn name_options<const N: usize>(
    out: &mut String,
    fields: &BTreeMap<String, String>,
    field: &str,
    names: [&str; N],
) {
    for name in names {
        let _ = write!(
            out,
            "<option value=\"{name}\"{}>{name}</option>",
            selected(fields, field, name)
        );
    }
}

pub(super) fn form(out: &mut String, fields: &BTreeMap<String, String>) {
    let _ = write!(
        out,
        "<form id=\"ask\" class=\"ask\" method=\"post\" action=\"/\" enctype=\"multipart/form-data\">\n\
         <div class=\"drop\" id=\"drop\">\n\
         <label for=\"file\" class=\"big\">Choose or drop a file</label>\n\
         <input type=\"file\" id=\"file\" name=\"file\" multiple accept=\"{}\" aria-describedby=\"file-hint\" data-choose=\"{}\">\n\
         <p id=\"file-hint\" class=\"hint\">{}, up to {}.</p>\n\
         </div>\n<div class=\"row\">\n<div class=\"field\"><label for=\"show\">Show</label><select id=\"show\" name=\"show\">",
        escape(&countback_event::kinds::accept()),
        escape(&choose_first()),
        escape(&capitalised(&countback_event::kinds::described(None))),
        bytes(MAX_UPLOAD_BYTES as u64)
    );
    for (value, _, label) in SHOWS {
        let _ = write!(
            out,
            "<option value=\"{value}\"{}>{}</option>",
            selected(fields, "show", value),
            escape(label)
        );
    }
    out.push_str(
        "</select></div>\n<div class=\"field\"><label for=\"procedure\">Procedure</label><select id=\"procedure\" name=\"procedure\"><option value=\"\">as the file says</option>",
    );
    for p in Procedure::ALL {
        let _ = write!(
            out,
            "<option value=\"{p}\"{}>{p}</option>",
            selected(fields, "procedure", p.name())
        );
    }
    out.push_str("</select></div>\n</div>\n");
    out.push_str(
        "<details class=\"more\" id=\"options\"><summary>Options <span id=\"options-for\" class=\"hint\"></span></summary>\n\
         <p class=\"hint\">Leave a field empty to keep what the file says, or the procedure's default. These are the options of <code>countback rank -o KEY=VALUE</code> (and of <code>score</code> for a pairs session).</p>\n",
    );
    for group in Group::all() {
        let fields_of = option_fields(group);
        let _ = writeln!(
            out,
            "<fieldset class=\"group\" data-group=\"{0}\"><legend>{0}</legend>",
            group.name()
        );
        if fields_of.is_empty() {
            out.push_str("<p class=\"hint\">No options: the text leaves nothing to choose.</p>\n");
        }
        for f in fields_of {
            option_input(out, fields, group, &f);
        }
        out.push_str("</fieldset>\n");
    }
    sessions_fields(out, fields);
    out.push_str("</details>\n<details class=\"more\"><summary>Display</summary>\n<div class=\"row\">\n<div class=\"field\"><label for=\"half\">An exact half that must be cut rounds</label><select id=\"half\" name=\"half\">");
    for (value, label) in HALVES {
        let _ = write!(
            out,
            "<option value=\"{value}\"{}>{}</option>",
            selected(fields, "half", value),
            escape(label)
        );
    }
    let _ = write!(
        out,
        "</select></div>\n<div class=\"field\"><label for=\"boards\">Board tables (a pairs session or a rescored results file)</label><input id=\"boards\" name=\"boards\" type=\"text\" inputmode=\"text\" placeholder=\"all\" value=\"{}\" aria-describedby=\"boards-hint\"><p id=\"boards-hint\" class=\"hint\">all, adjusted, none, or board numbers such as 1,4,7-9</p></div>\n\
         <div class=\"field\"><label for=\"draw_lots\">Draw lots (a seed)</label><input id=\"draw_lots\" name=\"draw_lots\" type=\"text\" inputmode=\"numeric\" value=\"{}\" aria-describedby=\"draw_lots-hint\"><p id=\"draw_lots-hint\" class=\"hint\">empty: ties the rules send to lots or a ballot are left to the arbiter; a number: they are drawn from it, repeatably</p></div>\n</div>\n</details>\n\
         <div class=\"actions\"><button type=\"submit\" name=\"want\" value=\"page\" class=\"primary\">Show the results</button><span id=\"busy\" class=\"hint\" role=\"status\" aria-live=\"polite\"></span></div>\n</form>\n",
        escape(fields.get("boards").map_or("", |s| s.as_str())),
        escape(fields.get("draw_lots").map_or("", |s| s.as_str()))
    );
}

/// The fields of a multi-session event: several files chosen together are
/// its sessions, in the order chosen, combined by a rule
/// (docs/sessions.md). Ends the Options section and opens its own.
fn sessions_fields(out: &mut String, fields: &BTreeMap<String, String>) {
    use countback_event::sessions::{Combine, MatchBy};
    out.push_str(
        "</details>\n<details class=\"more\" id=\"sessions\"><summary>Several sessions of one event</summary>\n\
         <p class=\"hint\">Choose every session's file at once (in the order played); they are combined by this rule.</p>\n\
         <div class=\"row\">\n<div class=\"field\"><label for=\"combine\">Combine</label><select id=\"combine\" name=\"combine\"><option value=\"\">(one session)</option>",
    );
    name_options(out, fields, "combine", Combine::ALL.map(|c| c.name()));
    out.push_str("</select></div>\n<div class=\"field\"><label for=\"match_by\">A pair across sessions is</label><select id=\"match_by\" name=\"match_by\"><option value=\"\">its pair number</option>");
    name_options(out, fields, "match_by", MatchBy::ALL.map(|m| m.name()));
    let _ = write!(
        out,
        "</select></div>\n<div class=\"field\"><label for=\"count\">Sessions that count</label><input id=\"count\" name=\"count\" type=\"text\" placeholder=\"every-session\" value=\"{}\" aria-describedby=\"count-hint\"><p id=\"count-hint\" class=\"hint\">{}: a club series where not every pair plays every session</p></div>\n\
         <div class=\"field\"><label for=\"minimum\">Fewest sessions to be ranked</label><input id=\"minimum\" name=\"minimum\" type=\"text\" inputmode=\"numeric\" value=\"{}\" aria-describedby=\"minimum-hint\"><p id=\"minimum-hint\" class=\"hint\">a club series: empty is 1 for sessions-played, N for best-N</p></div>\n\
         <div class=\"field\"><label for=\"series_ties\">A club series' tied first place</label><select id=\"series_ties\" name=\"series_ties\"><option value=\"\">shared</option>",
        escape(fields.get("count").map_or("", |s| s.as_str())),
        escape(countback_event::sessions::Counting::NAMES),
        escape(fields.get("minimum").map_or("", |s| s.as_str()))
    );
    name_options(
        out,
        fields,
        "series_ties",
        countback_event::sessions::SeriesTies::ALL.map(|t| t.name()),
    );
    out.push_str("</select></div>\n</div>\n");
    vp_fields(out, fields);
}

/// The fields of IMPs to VPs (Show: IMPs to VPs; no file): the command
/// line's `vp`. Ends the sessions section and opens its own.
fn vp_fields(out: &mut String, fields: &BTreeMap<String, String>) {
    use countback_event::vp::VpScale;
    out.push_str(
        "</details>\n<details class=\"more\" id=\"vp\"><summary>IMPs to VPs</summary>\n\
         <p class=\"hint\">Show \u{201c}IMPs to VPs\u{201d} above: no file is needed. Every value is certified (docs/vp.md).</p>\n\
         <div class=\"row\">\n<div class=\"field\"><label for=\"vp_scale\">VP scale</label><select id=\"vp_scale\" name=\"vp_scale\"><option value=\"\">(choose)</option>",
    );
    name_options(out, fields, "vp_scale", VpScale::ALL.map(|s| s.name()));
    let _ = write!(
        out,
        "</select></div>\n<div class=\"field\"><label for=\"vp_boards\">Boards in the match</label><input id=\"vp_boards\" name=\"vp_boards\" type=\"text\" inputmode=\"numeric\" value=\"{}\"></div>\n\
         <div class=\"field\"><label for=\"vp_margins\">IMP margins</label><input id=\"vp_margins\" name=\"vp_margins\" type=\"text\" value=\"{}\" aria-describedby=\"vp_margins-hint\"><p id=\"vp_margins-hint\" class=\"hint\">the first team's IMPs less the second's, such as 23 -5 14; empty: the whole table</p></div>\n</div>\n",
        escape(fields.get("vp_boards").map_or("", |s| s.as_str())),
        escape(fields.get("vp_margins").map_or("", |s| s.as_str()))
    );
}

pub(super) fn option_input(
    out: &mut String,
    fields: &BTreeMap<String, String>,
    group: Group,
    f: &OptionField,
) {
    let name = format!("{}.{}", group.name(), f.key);
    let id = format!("o-{}-{}", group.name(), f.key);
    let label = f.key.replace('_', " ");
    let _ = write!(
        out,
        "<div class=\"field\"><label for=\"{id}\">{}</label>",
        escape(&label)
    );
    let current = fields.get(&name).map_or("", |s| s.as_str());
    match &f.widget {
        Widget::Choice(names) => {
            let _ = write!(
                out,
                "<select id=\"{id}\" name=\"{name}\" aria-describedby=\"{id}-hint\"><option value=\"\">(as the file says)</option>"
            );
            for n in names {
                let _ = write!(
                    out,
                    "<option{}>{}</option>",
                    selected(fields, &name, n),
                    escape(n)
                );
            }
            out.push_str("</select>");
        }
        Widget::Flag => {
            let _ = write!(
                out,
                "<select id=\"{id}\" name=\"{name}\" aria-describedby=\"{id}-hint\"><option value=\"\">(as the file says)</option><option{}>true</option><option{}>false</option></select>",
                selected(fields, &name, "true"),
                selected(fields, &name, "false"),
            );
        }
        Widget::Text { items, .. } => {
            let _ = write!(
                out,
                "<input id=\"{id}\" name=\"{name}\" type=\"text\" value=\"{}\" aria-describedby=\"{id}-hint\" autocomplete=\"off\" spellcheck=\"false\">",
                escape(current)
            );
            if !items.is_empty() {
                let _ = write!(
                    out,
                    "<p class=\"hint\">A list, e.g. [\"{}\"], of: {}</p>",
                    escape(items.first().map_or("", String::as_str)),
                    escape(&items.join(", "))
                );
            }
        }
    }
    let _ = writeln!(
        out,
        "<p id=\"{id}-hint\" class=\"hint\">{}</p></div>",
        with_code(&f.hint)
    );
}

pub(super) fn result(out: &mut String, shown: Option<&Shown<'_>>) {
    match shown {
        None => out.push_str(
            "<section id=\"result\" class=\"result empty\" tabindex=\"-1\" aria-label=\"Results\"><p>The standings, the board tables and every tie with the clause that split it appear here.</p></section>\n",
        ),
        Some(Shown::Failed(e, ask)) => {
            let _ = write!(
                out,
                "<section id=\"result\" class=\"result\" tabindex=\"-1\" aria-label=\"Results\" data-group=\"{}\">\n<div class=\"error\" role=\"alert\">\n<h2>Not read</h2>\n<p class=\"message\">{}</p>\n",
                escape(e.group().unwrap_or_default()),
                escape(&e.to_string())
            );
            if let (Some(line), Some(ask)) = (e.line(), ask) {
                excerpt(out, &ask.name, &ask.bytes, line);
            }
            out.push_str("</div>\n</section>\n");
        }
        Some(Shown::Done { file, answer, doc }) => {
            let group = answer.group.map_or("", Group::name);
            let _ = write!(
                out,
                "<section id=\"result\" class=\"result\" tabindex=\"-1\" aria-label=\"Results\" data-group=\"{group}\">\n\
                 <div class=\"tools\"><p class=\"done\">{}{}.</p>\n\
                 <div class=\"buttons\" role=\"group\" aria-label=\"Download\"><span>Download</span>\
                 <button form=\"ask\" type=\"submit\" name=\"want\" value=\"html\">Printable page</button>\
                 <button form=\"ask\" type=\"submit\" name=\"want\" value=\"json\">JSON</button>\
                 <button form=\"ask\" type=\"submit\" name=\"want\" value=\"csv\">CSV</button>{}\
                 <button type=\"button\" id=\"print\" hidden>Print</button></div>\n\
                 <noscript><p class=\"hint\">To download, choose the file again first (without scripts the page cannot keep it).</p></noscript>\n</div>\n",
                // IMPs to VPs reads no file: nothing to name.
                if file.is_empty() {
                    String::new()
                } else {
                    format!("<b>{}</b>: ", escape(file))
                },
                escape(&answer.done),
                // USEBIO is written for a pairs session only.
                if answer.pairs_session {
                    "<button form=\"ask\" type=\"submit\" name=\"want\" value=\"usebio\">USEBIO</button>"
                } else {
                    ""
                },
            );
            if answer.needs_human {
                out.push_str("<p class=\"notice\" role=\"note\">A tie is left for a play-off or a random ballot, as the rules say: the order shown is complete except for it.</p>\n");
            }
            if !answer.warnings.is_empty() {
                out.push_str("<div class=\"warnings\" role=\"note\"><h2>Warnings</h2><ul>\n");
                for w in &answer.warnings {
                    let _ = writeln!(out, "<li>{}: {}</li>", escape(file), escape(w));
                }
                out.push_str("</ul></div>\n");
            }
            let _ = write!(out, "<article class=\"doc\">{}</article>\n</section>\n", doc.main);
        }
    }
}

/// Text for HTML, its `backquoted` words as code.
pub(super) fn with_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, piece) in text.split('`').enumerate() {
        // An odd count of backquotes leaves the last piece as plain text.
        if i % 2 == 1 && text.matches('`').count().is_multiple_of(2) {
            let _ = write!(out, "<code>{}</code>", escape(piece));
        } else {
            out.push_str(&escape(piece));
        }
    }
    out
}

/// The lines around `line` of the uploaded text, numbered, the line itself
/// marked.
pub(super) fn excerpt(out: &mut String, file: &str, bytes: &[u8], line: usize) {
    let text = String::from_utf8_lossy(bytes);
    let first = line.saturating_sub(2).max(1);
    let _ = write!(
        out,
        "<figure class=\"excerpt\"><figcaption>{}, line {line}</figcaption><pre>",
        escape(file)
    );
    for (n, l) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if n < first {
            continue;
        }
        if n > line + 2 {
            break;
        }
        let l: String = l.chars().take(160).collect();
        if n == line {
            let _ = writeln!(out, "<mark>{n:>5} │ {}</mark>", escape(&l));
        } else {
            let _ = writeln!(out, "{n:>5} │ {}", escape(&l));
        }
    }
    out.push_str("</pre></figure>\n");
}

/// `text` with its first letter upper case (a sentence made from the table
/// of file kinds).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
