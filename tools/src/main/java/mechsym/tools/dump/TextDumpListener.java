package mechsym.tools.dump;

import java.io.PrintStream;
import java.util.HexFormat;
import java.util.List;
import mechsym.tools.schema.Field;
import mechsym.tools.schema.MessageType;

/**
 * Renders a dump for people, one block per frame:
 *
 * <pre>
 * offset 0  Order  type 1  version 1  length 185
 *   sourceId    long      1010
 *   prices      double[]  [0.1, 0.2]
 * offset 197  type 42  version 1  length 16  (unknown type)
 *   +0000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  |................|
 * offset 225  ERROR bad magic 0x1234 (expected 0x534D): not the start of a frame
 * offset 240  resynchronised: skipped 15 bytes
 * </pre>
 *
 * Not thread-safe.
 */
public final class TextDumpListener implements DumpListener {
    private static final int HEX_ROWS = 16;
    private final PrintStream out;

    public TextDumpListener(PrintStream out) {
        this.out = out;
    }

    @Override
    public void message(long offset, MessageType type, int bodyLength, Object[] values) {
        out.printf(
                "offset %d  %s  type %d  version %d  length %d%n",
                offset, type.name(), type.typeId(), type.version(), bodyLength);
        List<Field> fields = type.fields();
        int nameWidth = 1;
        int typeWidth = 1;
        for (Field field : fields) {
            nameWidth = Math.max(nameWidth, field.name().length());
            typeWidth = Math.max(typeWidth, field.typeText().length());
        }
        for (int i = 0; i < values.length; i++) {
            out.printf(
                    "  %-" + nameWidth + "s  %-" + typeWidth + "s  %s%n",
                    fields.get(i).name(),
                    fields.get(i).typeText(),
                    ValueText.of(values[i]));
        }
    }

    @Override
    public void unknown(long offset, int typeId, int version, String typeName, int bodyLength, byte[] preview) {
        out.printf(
                "offset %d  %stype %d  version %d  length %d  (%s)%n",
                offset,
                typeName == null ? "" : typeName + "  ",
                typeId,
                version,
                bodyLength,
                typeName == null ? "unknown type" : "unknown version");
        int rows = Math.min((preview.length + 15) / 16, HEX_ROWS);
        for (int row = 0; row < rows; row++) {
            out.println("  " + hexRow(preview, row * 16));
        }
        if (bodyLength > rows * 16) {
            out.printf("  ... %d more bytes%n", bodyLength - rows * 16);
        }
    }

    static String hexRow(byte[] bytes, int from) {
        HexFormat hex = HexFormat.of();
        StringBuilder row = new StringBuilder(String.format("+%04x  ", from));
        StringBuilder ascii = new StringBuilder();
        for (int i = from; i < from + 16; i++) {
            if (i == from + 8) {
                row.append(' ');
            }
            if (i < bytes.length) {
                row.append(hex.toHexDigits(bytes[i])).append(' ');
                ascii.append(bytes[i] >= 0x20 && bytes[i] < 0x7F ? (char) bytes[i] : '.');
            } else {
                row.append("   ");
            }
        }
        return row.append(" |").append(ascii).append('|').toString();
    }

    @Override
    public void error(long offset, String reason) {
        out.printf("offset %d  ERROR %s%n", offset, reason);
    }

    @Override
    public void resynchronised(long offset, long skipped) {
        out.printf("offset %d  resynchronised: skipped %d bytes%n", offset, skipped);
    }

    @Override
    public void summary(DumpSummary summary) {
        out.printf(
                "%d frames: %d decoded, %d unknown; %d errors; %d bytes skipped; %s%n",
                summary.frames(),
                summary.decoded(),
                summary.unknown(),
                summary.errors(),
                summary.skippedBytes(),
                summary.stoppedAt() < 0
                        ? "read to the end (" + summary.end() + " bytes)"
                        : "stopped at offset " + summary.stoppedAt() + " (strict)");
        out.flush();
    }
}
