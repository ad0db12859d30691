/// The page's rules for what the base style leaves to chance: tables that become cards on a phone,
/// chips that never break inside a word, charts that never shrink their labels below 11 px, maps
/// at their own size in a box that pans, the failure detail.
enum MilestonePageStyle {
    static let css = """
        header.build{margin:.2em 0 1em;color:#444}header.build dl{display:flex;flex-wrap:wrap;gap:.2em 1.4em;margin:0}
        header.build dt{font-weight:600;display:inline}header.build dd{display:inline;margin:0 0 0 .3em;overflow-wrap:anywhere}
        nav.contents{margin:.6em 0 1.2em;display:flex;flex-wrap:wrap;gap:.3em .9em;font-size:13px}
        nav.contents a{white-space:nowrap}
        a{color:#0b57a4}
        .grid{display:flex;flex-wrap:wrap;gap:4px}
        .kind{overflow-wrap:normal;word-break:normal;white-space:nowrap}
        svg.chart{display:block;width:100%;max-width:440px;height:auto}
        .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:14px 22px;margin:.5em 0 1.5em}
        .charts figure{margin:0}.charts figcaption{font-size:13px;color:#444;margin-top:.2em}
        .map-box{overflow-x:auto;max-width:100%;margin:.4em 0 1.4em;border:1px solid #e3e3e3;border-radius:4px}
        svg.map{max-width:none;display:block}
        .map-words{margin:.3em 0}.map-words li{overflow-wrap:anywhere}
        .legend-marks{display:flex;flex-wrap:wrap;gap:.3em 1em;font-size:13px;margin:.3em 0}
        .legend-marks span{overflow-wrap:normal}.legend-marks i{display:inline-block;width:22px;height:0;border-top:3px solid;vertical-align:middle;margin-right:.35em}
        details.failure{border:1px solid #e0c4c4;border-radius:4px;margin:.5em 0;padding:.3em .6em;background:#fffafa}
        details.failure summary{cursor:pointer;overflow-wrap:anywhere}
        details.failure dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em .8em;margin:.5em 0}
        details.failure dt{font-weight:600}details.failure dd{margin:0;overflow-wrap:anywhere;min-width:0}
        .diff{display:grid;grid-template-columns:1fr 1fr;gap:.5em;margin:.4em 0}
        .diff pre,pre.commands{margin:0;padding:.4em .5em;white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;border-radius:3px}
        .diff .expected{background:#eef7ee}.diff .got{background:#fdeeee}.diff h4{margin:0 0 .2em;font-size:12px}
        pre.commands{background:#f4f4f4}details.failure h4{margin:.5em 0 .2em;font-size:12px}
        td a{overflow-wrap:anywhere}
        @media (max-width:600px){
        table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:auto}
        table.cards tr.head{display:none}
        table.cards tr{border:1px solid #ccc;border-radius:4px;margin:0 0 .5em;padding:.25em .5em}
        table.cards td{border:0;padding:.08em 0;min-width:0;overflow-wrap:anywhere}
        table.cards td::before{content:attr(data-label) ": ";font-weight:600;color:#555}
        table.cards td:empty{display:none}
        td{overflow-wrap:anywhere}
        .diff{grid-template-columns:1fr}
        .kind{white-space:normal}
        }
        """
}
