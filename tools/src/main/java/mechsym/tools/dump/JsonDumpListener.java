package mechsym.tools.dump;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import mechsym.tools.schema.MessageType;

/**
 * Renders a dump for machines as JSON Lines: one object per frame, error, resynchronisation and a
 * final summary, each with an {@code "event"} of {@code message}, {@code unknown}, {@code error},
 * {@code resync} or {@code summary}. Values keep their JSON types; chars become one-char strings,
 * non-finite floats the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}. Not
 * thread-safe.
 */
public final class JsonDumpListener implements DumpListener {
    private final ObjectMapper mapper = new ObjectMapper();
    private final PrintStream out;

    public JsonDumpListener(PrintStream out) {
        this.out = out;
    }

    private void print(Map<String, Object> line) {
        try {
            out.println(mapper.writeValueAsString(line));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> event(String event, long offset) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("event", event);
        line.put("offset", offset);
        return line;
    }

    @Override
    public void message(long offset, MessageType type, int bodyLength, Object[] values) {
        Map<String, Object> line = event("message", offset);
        line.put("type", type.name());
        line.put("typeId", type.typeId());
        line.put("version", type.version());
        line.put("length", bodyLength);
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            fields.put(type.fields().get(i).name(), values[i]);
        }
        line.put("fields", fields);
        print(line);
    }

    @Override
    public void unknown(long offset, int typeId, int version, String typeName, int bodyLength, byte[] preview) {
        Map<String, Object> line = event("unknown", offset);
        if (typeName != null) {
            line.put("type", typeName);
        }
        line.put("typeId", typeId);
        line.put("version", version);
        line.put("length", bodyLength);
        line.put("hex", HexFormat.of().formatHex(preview));
        line.put("hexComplete", preview.length == bodyLength);
        print(line);
    }

    @Override
    public void error(long offset, String reason) {
        Map<String, Object> line = event("error", offset);
        line.put("reason", reason);
        print(line);
    }

    @Override
    public void resynchronised(long offset, long skipped) {
        Map<String, Object> line = event("resync", offset);
        line.put("skipped", skipped);
        print(line);
    }

    @Override
    public void summary(DumpSummary summary) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("event", "summary");
        line.put("frames", summary.frames());
        line.put("decoded", summary.decoded());
        line.put("unknown", summary.unknown());
        line.put("errors", summary.errors());
        line.put("skippedBytes", summary.skippedBytes());
        line.put("stoppedAt", summary.stoppedAt() < 0 ? null : summary.stoppedAt());
        line.put("end", summary.end());
        print(line);
        out.flush();
    }
}
