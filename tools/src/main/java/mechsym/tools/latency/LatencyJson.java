package mechsym.tools.latency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A latency summary as one JSON object, for the tools' {@code --json}: the fields of {@link
 * LatencySummary#asMap()} under {@code "latency"}, beside whatever the tool adds (its settings and
 * counters) at the top level. Stateless and thread-safe.
 */
public final class LatencyJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);

    private LatencyJson() {}

    /** {@code {...fields, "latency": {...summary}}} on one line. */
    public static String of(Map<String, ?> fields, LatencySummary summary) {
        Map<String, Object> json = new LinkedHashMap<>(fields);
        json.put("latency", summary.asMap());
        try {
            return MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
