package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostEnvironmentTest {
    @Test
    void quotesBackslashesAndControlCharactersSurviveTheJson() throws Exception {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("cpuModel", "a \"quoted\" C:\\model\twith a tab");
        facts.put("host", "h");
        Map<?, ?> back = new ObjectMapper().readValue(HostEnvironment.json(facts), Map.class);
        assertThat(back).isEqualTo(facts);
    }

    @Test
    void thisHostsFactsAreAllThereAndNamed() throws Exception {
        Map<String, Object> back = new ObjectMapper()
                .readValue(HostEnvironment.json(), new com.fasterxml.jackson.core.type.TypeReference<>() {});
        assertThat(back.keySet())
                .containsExactly(
                        "host",
                        "cpuModel",
                        "logicalCpus",
                        "os",
                        "kernel",
                        "jdk",
                        "loadAverage1m",
                        "cpuAffinity",
                        "cpufreqGovernor");
    }
}
