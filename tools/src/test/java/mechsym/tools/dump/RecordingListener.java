package mechsym.tools.dump;

import java.util.ArrayList;
import java.util.List;
import mechsym.tools.schema.MessageType;

/** Records dump events as short strings, for assertions. */
final class RecordingListener implements DumpListener {
    final List<String> events = new ArrayList<>();
    final List<Object[]> values = new ArrayList<>();
    final List<Long> errorOffsets = new ArrayList<>();
    DumpSummary summary;

    @Override
    public void message(long offset, MessageType type, int bodyLength, Object[] values) {
        events.add("message " + offset + " " + type.name() + " v" + type.version() + " " + bodyLength);
        this.values.add(values);
    }

    @Override
    public void unknown(long offset, int typeId, int version, String typeName, int bodyLength, byte[] preview) {
        events.add("unknown " + offset + " " + typeId + " v" + version + " " + bodyLength);
    }

    @Override
    public void error(long offset, String reason) {
        events.add("error " + offset + " " + reason);
        errorOffsets.add(offset);
    }

    @Override
    public void resynchronised(long offset, long skipped) {
        events.add("resync " + offset + " " + skipped);
    }

    @Override
    public void summary(DumpSummary summary) {
        this.summary = summary;
    }
}
