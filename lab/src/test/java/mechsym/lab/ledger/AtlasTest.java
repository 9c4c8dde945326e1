package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mechsym.lab.Environment;
import mechsym.lab.runner.ExperimentCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtlasTest {
    @TempDir
    Path dir;

    @Test
    void threeMachinesMakeAMatrixOfEveryPostWithTheSeedsMachinesFirstAndLinksToEachRun() throws Exception {
        Environment xeon = LedgerFixtures.machine("Intel Xeon 8375C", 2, "25.0.3");
        Environment epyc = LedgerFixtures.machine("AMD EPYC 7R13", 8, "25.0.3");
        Environment epycOlderJdk = LedgerFixtures.machine("AMD EPYC 7R13", 8, "21.0.9");
        Environment graviton = LedgerFixtures.machine("Neoverse-N1", 4, "25.0.3");
        try (Ledger ledger = Ledger.open(LedgerLocation.file(dir.resolve("ledger.db")))) {
            record(ledger, LedgerFixtures.run(xeon, "2026-12-01T00:00:00Z", 2.5, "lazyset", "cas"), "xeon");
            record(ledger, LedgerFixtures.run(epyc, "2026-12-01T01:00:00Z", 2.5, "lazyset"), "epyc-25");
            record(ledger, LedgerFixtures.run(epycOlderJdk, "2026-12-01T02:00:00Z", 2.0, "lazyset"), "epyc-21");
            record(ledger, LedgerFixtures.run(graviton, "2026-12-01T03:00:00Z", 1.5, "lazyset", "queues"), "n1");
            // a later run on the Xeon replaces its cell
            record(ledger, LedgerFixtures.run(xeon, "2026-12-02T00:00:00Z", 2.6, "lazyset"), "xeon-2");

            Path out = dir.resolve("atlas.html");
            assertThat(Atlas.write(ledger, ExperimentCatalog.all(), out)).isEqualTo(4);
            String html = Files.readString(out);

            assertThat(count(html, "<tr id=\"post-"))
                    .isEqualTo(ExperimentCatalog.all().size())
                    .isEqualTo(21);
            // the seeds' machines come first, labelled as the posts'
            assertThat(html.indexOf("the post's machine")).isLessThan(html.indexOf("Intel Xeon 8375C · 2 CPUs"));
            assertThat(rowOf(html, "memory-access")).contains("Intel i7-860 @ 2.8GHz (Nehalem)");
            assertThat(html).contains("Nehalem").contains("published by the post");
            // one column per machine, the EPYC split by its two JDKs
            assertThat(html)
                    .contains("Intel Xeon 8375C · 2 CPUs · 8 GiB · VM<br>")
                    .contains("AMD EPYC 7R13 · 8 CPUs · 8 GiB · VM · Eclipse Adoptium 25.0.3")
                    .contains("AMD EPYC 7R13 · 8 CPUs · 8 GiB · VM · Eclipse Adoptium 21.0.9")
                    .contains("Neoverse-N1 · 4 CPUs");
            String lazyset = rowOf(html, "lazyset");
            assertThat(count(lazyset, "<td class=\"REPRODUCED\"")).isEqualTo(2);
            assertThat(count(lazyset, "<td class=\"INCONCLUSIVE\"")).isEqualTo(1);
            assertThat(count(lazyset, "<td class=\"NOT_REPRODUCED\"")).isEqualTo(1);
            assertThat(lazyset)
                    .contains(dir.resolve("xeon-2/report.html").toUri() + "#lazyset")
                    .doesNotContain(dir.resolve("xeon/report.html").toUri() + "#lazyset")
                    .contains(dir.resolve("n1/report.html").toUri() + "#lazyset")
                    .contains("volatile at least 2x dearer: REPRODUCED");
            assertThat(rowOf(html, "cas"))
                    .contains(dir.resolve("xeon/report.html").toUri() + "#cas");
            assertThat(count(rowOf(html, "queues"), "not run")).isEqualTo(3);
            // a chart per post that has a figure, and the fingerprints with what differs marked
            assertThat(html).contains("the first bar is the sub-claim's line").contains("2.00 x");
            assertThat(html).contains("data:image/png;base64,").contains("<tr class=\"differs\"><th>CPU</th>");
            assertThat(html).doesNotContain("<script").doesNotContain("src=\"http");
        }
    }

    private void record(Ledger ledger, mechsym.lab.results.LabRun run, String folder) throws Exception {
        ledger.record(run, dir.resolve(folder).resolve("results.json"), null);
    }

    private static String rowOf(String html, String id) {
        int start = html.indexOf("<tr id=\"post-" + id + "\">");
        return html.substring(start, html.indexOf("</tr>", start));
    }

    private static int count(String text, String part) {
        Matcher m = Pattern.compile(Pattern.quote(part)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
