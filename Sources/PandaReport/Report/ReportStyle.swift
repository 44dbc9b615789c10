/// The report's style sheet, inline in the page: light and dark colours, a layout that narrows to
/// a phone, and print rules for A4.
enum ReportStyle {
  /// The style sheet, minified by hand.
  static let css = """
    :root{color-scheme:light dark;--bg:#fbfbf8;--fg:#1d1f21;--muted:#5f6368;--card:#ffffff;--line:#d9d9d4;\
    --accent:#2f6db5;--band:rgba(47,109,181,.14);--good:#1e7d45;--bad:#b3261e;--partial:#ffffff}
    @media (prefers-color-scheme:dark){:root{--bg:#15171a;--fg:#e8e6e3;--muted:#a2a6ab;--card:#1f2226;\
    --line:#3a3f45;--accent:#7fb2f0;--band:rgba(127,178,240,.18);--good:#6fcf97;--bad:#f28b82;--partial:#1f2226}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",\
    Roboto,sans-serif}
    main,header,footer{max-width:64rem;margin:0 auto;padding:0 1rem}
    header{padding-top:1.5rem}
    h1{font-size:1.6rem;margin:0 0 .25rem}
    h2{font-size:1.3rem;margin:2rem 0 .5rem;padding-bottom:.25rem;border-bottom:2px solid var(--line)}
    h3{font-size:1rem;margin:0 0 .25rem;text-transform:capitalize}
    .meta,.note,small,figcaption .latest{color:var(--muted)}
    .stale{border-left:4px solid var(--bad);padding:.25rem .75rem;margin:.5rem 0}
    nav ul{list-style:none;padding:0;margin:.75rem 0;display:flex;flex-wrap:wrap;gap:.25rem .75rem}
    a{color:var(--accent)}
    .insights{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:.75rem;margin-top:.75rem}
    .insight{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem}
    .insight ul{margin:.25rem 0;padding:0;list-style:none}
    .insight li{margin:.35rem 0}
    .summary{font-weight:600;margin:.25rem 0 .5rem}
    .highlights ul{margin:.25rem 0;padding:0;list-style:none}
    .highlights li{margin:.4rem 0;padding:.35rem .75rem;border-left:4px solid var(--accent);background:var(--card)}
    .highlights li.alert{border-left-color:var(--bad);font-weight:600}
    .highlights li.level,.highlights li.gap{border-left-color:var(--bad)}
    .highlights a{font-size:.9rem;white-space:nowrap}
    .missing{padding-left:1.2rem;color:var(--muted)}
    .up{color:var(--good)}.down{color:var(--bad)}.flat{color:var(--muted)}
    .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(22rem,1fr));gap:.75rem;margin-top:.75rem}
    figure{margin:0;background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.5rem .75rem;\
    break-inside:avoid}
    figcaption{font-weight:600}
    svg{display:block;width:100%;height:auto}
    svg .usual{fill:var(--band)}
    svg .alert{fill:var(--bad);fill-opacity:.16}
    svg .axis{stroke:var(--muted);stroke-width:1}
    svg .grid{stroke:var(--line);stroke-width:.6}
    svg .tick{fill:var(--muted);font-size:13px}
    svg .middle{text-anchor:middle}
    svg .bar{fill:var(--accent)}
    svg .bar.partial{fill:var(--partial);stroke:var(--accent);stroke-width:1}
    svg .line{fill:none;stroke:var(--accent);stroke-width:1.5}
    svg .dot{fill:var(--accent)}
    svg .dot.partial{fill:var(--partial);stroke:var(--accent);stroke-width:1.2}
    svg .pair{fill:var(--accent);fill-opacity:.45}
    svg .fit{stroke:var(--fg);stroke-width:2;stroke-linecap:round}
    .link figcaption{font-weight:400}
    svg .label{fill:var(--muted);font-size:15px}
    svg .end{text-anchor:end}
    svg .track{fill:none;stroke:var(--line)}
    svg .ring{fill:none;stroke:var(--accent);stroke-linecap:round}
    svg .ringtext{fill:var(--fg);font-size:15px;text-anchor:middle}
    .rings{display:flex;flex-wrap:wrap;gap:.75rem;margin-bottom:.75rem}
    .rings figure{flex:1 1 9rem;text-align:center}
    .rings svg{max-width:8rem;margin:0 auto}
    details{margin-top:.25rem}
    summary{cursor:pointer;color:var(--muted);font-size:.9rem}
    table{border-collapse:collapse;width:100%;font-size:.9rem;font-variant-numeric:tabular-nums}
    th,td{text-align:left;padding:.15rem .5rem;border-bottom:1px solid var(--line)}
    .legend{font-size:.9rem;color:var(--muted)}
    .swatch{display:inline-block;width:.9rem;height:.9rem;vertical-align:-.1rem;border:1px solid var(--accent)}
    .swatch.band{background:var(--band);border-color:transparent}
    .swatch.whole{background:var(--accent)}
    .swatch.hollow{background:var(--partial)}
    .swatch.alert{background:var(--bad);opacity:.3;border-color:transparent}
    footer{padding:2rem 1rem;color:var(--muted);font-size:.9rem}
    @media (max-width:40rem){body{font-size:15px}main,header,footer{padding:0 .6rem}\
    .charts,.insights{grid-template-columns:1fr}}
    @page{size:A4;margin:14mm 12mm}
    @media print{:root{--bg:#fff;--fg:#000;--card:#fff;--muted:#444;--partial:#fff}body{font-size:10.5pt}\
    nav,details{display:none}main,header,footer{max-width:none;padding:0}\
    .charts{grid-template-columns:1fr 1fr}.insights{grid-template-columns:1fr 1fr}\
    section{break-before:page}section:first-of-type,section.highlights+section{break-before:auto}figure,li{break-inside:avoid}\
    a{color:inherit;text-decoration:none}}
    """
}
