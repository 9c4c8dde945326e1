package mechsym.tools.dump;

/**
 * Counts of one dump. Immutable.
 *
 * @param frames frames whose header was trusted
 * @param decoded frames decoded by the schema
 * @param unknown frames of a type or version the schema does not declare
 * @param errors corrupt places reported
 * @param skippedBytes bytes passed over while resynchronising
 * @param stoppedAt offset where a strict dump stopped at the first error, or -1 if it read to the end
 * @param end offset of the end of the input
 */
public record DumpSummary(
        long frames, long decoded, long unknown, long errors, long skippedBytes, long stoppedAt, long end) {
    /** Whether the input was read without any error. */
    public boolean clean() {
        return errors == 0;
    }
}
