package mechsym.lab.ledger;

import java.io.IOException;
import java.util.Base64;
import org.knowm.xchart.ChartEncoder;

/** What the history and atlas pages share: escaping, the page's head, charts inlined as PNG. Stateless. */
final class Pages {
    private Pages() {}

    static {
        System.setProperty("java.awt.headless", "true");
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** The start of a self-contained page (no script, no stylesheet or image fetched: it opens offline). */
    static StringBuilder head(String title) {
        StringBuilder html = new StringBuilder(64 * 1024);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc(title))
                .append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}")
                .append("table{border-collapse:collapse;margin:.5em 0 1.5em}")
                .append("th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}")
                .append("th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}")
                .append(".REPRODUCED,.MET{background:#dff3df}.NOT_REPRODUCED,.MISSED{background:#f8dcdc}")
                .append(".PARTLY{background:#fbf0cc}.INCONCLUSIVE,.NOT_MEASURABLE{background:#eee}")
                .append(".NOT_MEASURABLE_HERE{background:#e3ecf7}.seed{background:#f7f3ea}")
                .append(".change{font-weight:bold;color:#a40}.differs{background:#fff6d6}")
                .append("details summary{cursor:pointer}small,.meta{color:#666}img{max-width:100%}")
                .append("\n</style></head><body>\n");
        return html;
    }

    /** A chart as an inline PNG image. */
    static String image(org.knowm.xchart.internal.chartpart.IChart chart, String alt) throws IOException {
        byte[] png = ChartEncoder.getBytes(chart, "png");
        return "<figure><img alt=\"" + esc(alt) + "\" src=\"data:image/png;base64,"
                + Base64.getEncoder().encodeToString(png) + "\"></figure>\n";
    }

    /** An outcome as the pages write it: "NOT MEASURABLE HERE". */
    static String label(String outcome) {
        return outcome == null ? "—" : outcome.replace('_', ' ');
    }
}
