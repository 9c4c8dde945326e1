package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** docs/fleet.md's manifests are valid YAML with the fields a fleet run needs. */
@SuppressWarnings("unchecked") // YAML documents are maps and lists of objects, cast where the test reads them
class FleetManifestsTest {
    private static List<Object> yamlDocuments() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "fleet.md"));
        Matcher blocks = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(doc);
        List<Object> documents = new ArrayList<>();
        while (blocks.find()) {
            for (Object document : new Yaml().loadAll(blocks.group(1))) {
                documents.add(document);
            }
        }
        return documents;
    }

    private static Map<String, Object> map(Object o, String key) {
        return (Map<String, Object>) ((Map<String, Object>) o).get(key);
    }

    private static List<Object> list(Object o, String key) {
        return (List<Object>) ((Map<String, Object>) o).get(key);
    }

    @Test
    void theGitHubActionsMatrixRunsTheLabIntoTheSharedLedgerThenTheAtlas() throws Exception {
        Map<String, Object> workflow = yamlDocuments().stream()
                .map(d -> (Map<String, Object>) d)
                .filter(d -> d.containsKey("jobs"))
                .findFirst()
                .orElseThrow();
        // YAML 1.1 reads the key `on` as true
        assertThat(workflow.containsKey("on") || workflow.containsKey(true)).isTrue();
        Map<String, Object> lab = map(map(workflow, "jobs"), "lab");
        assertThat(list(map(map(lab, "strategy"), "matrix"), "runner")).hasSizeGreaterThanOrEqualTo(2);
        assertThat(lab.get("runs-on")).isEqualTo("${{ matrix.runner }}");
        assertThat(map(lab, "env").get("MECHSYM_LEDGER")).isEqualTo("${{ secrets.MECHSYM_LEDGER }}");
        assertThat(runs(lab)).anyMatch(r -> r.contains("./mechsym lab --profile quick") && r.contains("--ledger"));
        Map<String, Object> atlas = map(map(workflow, "jobs"), "atlas");
        assertThat(atlas.get("needs")).isEqualTo("lab");
        assertThat(runs(atlas)).anyMatch(r -> r.contains("./mechsym lab atlas") && r.contains("--ledger"));
    }

    private static List<String> runs(Map<String, Object> job) {
        return list(job, "steps").stream()
                .map(s -> (Map<String, Object>) s)
                .filter(s -> s.containsKey("run"))
                .map(s -> String.valueOf(s.get("run")))
                .toList();
    }

    @Test
    void theKubernetesJobRunsOnePodPerNodeWithTheLedgerFromASecret() throws Exception {
        List<Map<String, Object>> k8s = yamlDocuments().stream()
                .map(d -> (Map<String, Object>) d)
                .filter(d -> d.containsKey("kind"))
                .toList();
        Map<String, Object> secret = k8s.stream()
                .filter(d -> d.get("kind").equals("Secret"))
                .findFirst()
                .orElseThrow();
        Map<String, Object> job = k8s.stream()
                .filter(d -> d.get("kind").equals("Job"))
                .findFirst()
                .orElseThrow();
        assertThat(job.get("apiVersion")).isEqualTo("batch/v1");
        Map<String, Object> spec = map(job, "spec");
        assertThat(spec.get("completions")).isEqualTo(spec.get("parallelism"));
        Map<String, Object> pod = map(map(spec, "template"), "spec");
        assertThat(pod.get("restartPolicy")).isEqualTo("Never");
        Object rule = list(
                        map(map(pod, "affinity"), "podAntiAffinity"), "requiredDuringSchedulingIgnoredDuringExecution")
                .getFirst();
        assertThat(((Map<String, Object>) rule).get("topologyKey")).isEqualTo("kubernetes.io/hostname");
        assertThat(map(map(rule, "labelSelector"), "matchLabels"))
                .isEqualTo(map(map(map(spec, "template"), "metadata"), "labels"));
        Map<String, Object> container =
                (Map<String, Object>) list(pod, "containers").getFirst();
        assertThat(list(container, "args")).startsWith("lab");
        Map<String, Object> env = (Map<String, Object>) list(container, "env").getFirst();
        assertThat(env.get("name")).isEqualTo(LedgerLocation.ENVIRONMENT_VARIABLE);
        Map<String, Object> ref = map(map(env, "valueFrom"), "secretKeyRef");
        assertThat(ref.get("name")).isEqualTo(map(secret, "metadata").get("name"));
        assertThat(map(secret, "stringData")).containsKey((String) ref.get("key"));
        assertThat(String.valueOf(map(secret, "stringData").get(ref.get("key"))))
                .startsWith("jdbc:postgresql://");
    }
}
