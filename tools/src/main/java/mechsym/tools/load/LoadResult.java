package mechsym.tools.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.tools.latency.LatencySummary;
import org.HdrHistogram.Histogram;

/**
 * What a load run measured: latency per outcome (an HTTP status such as {@code "200"}, {@code
 * "error"} for a failed connection or a malformed response, {@code "unanswered"} for requests still
 * waiting when the drain time ran out, timed to that moment), every latency from the request's
 * intended start (fixed rate), and a timeline second by second.
 *
 * @param schedule the schedule, described
 * @param seconds the schedule's length
 * @param intended requests the schedule asked for
 * @param sent requests written to a connection
 * @param byOutcome latency per outcome, in order of first appearance
 * @param all latency of every answered request (any status)
 * @param histograms the histograms behind {@code byOutcome} and {@code all} (key {@code "all"}), for .hgrm files
 * @param errors failures by kind (connect refused, reset, malformed response, ...)
 * @param connectionsOpened connections opened over the run
 * @param timeline one entry per interval of the run (a second unless the generator was told otherwise),
 *     in order
 */
public record LoadResult(
        String schedule,
        double seconds,
        long intended,
        long sent,
        Map<String, LatencySummary> byOutcome,
        LatencySummary all,
        Map<String, Histogram> histograms,
        Map<String, Long> errors,
        long connectionsOpened,
        List<Second> timeline) {

    /**
     * One interval of the run (a second unless the generator was told otherwise).
     *
     * @param second the interval's number, from 1 (seconds since the start only with one-second
     *     intervals: {@link #endSeconds} is the time)
     * @param endSeconds seconds since the start when the interval was closed
     * @param rate the schedule's rate at the start of the interval
     * @param completed answers (any status) and failures in this interval
     * @param byOutcome completions per outcome
     * @param latency the latency of this interval's completions
     * @param openConnections connections open at the end of the interval
     */
    public record Second(
            int second,
            double endSeconds,
            double rate,
            long completed,
            Map<String, Long> byOutcome,
            LatencySummary latency,
            int openConnections) {}

    /** Answers with this status. */
    public long count(String outcome) {
        LatencySummary s = byOutcome.get(outcome);
        return s == null ? 0 : s.count();
    }

    /**
     * Answers with {@code outcome} per second of the run up to the end of the interval that was open
     * when the schedule ended (intervals that start in the drain after it are left out): the rate a
     * saturated server sustained. Divides by the intervals' measured ends, whatever their length
     * ({@link #secondsDuringSchedule}). {@code NaN} when no interval ended.
     */
    public double ratePerSecondDuringSchedule(String outcome) {
        long count = 0;
        int counted = intervalsDuringSchedule();
        for (int i = 0; i < counted; i++) {
            count += timeline.get(i).byOutcome().getOrDefault(outcome, 0L);
        }
        return counted > 0 ? count / timeline.get(counted - 1).endSeconds() : Double.NaN;
    }

    /**
     * Seconds from the start to the end of the interval that was open when the schedule ended: the
     * span {@link #ratePerSecondDuringSchedule} counts over; 0 when no interval ended.
     */
    public double secondsDuringSchedule() {
        int counted = intervalsDuringSchedule();
        return counted > 0 ? timeline.get(counted - 1).endSeconds() : 0;
    }

    /** The timeline's intervals that started before the schedule ended. */
    private int intervalsDuringSchedule() {
        int counted = 0;
        double end = 0;
        for (Second s : timeline) {
            if (end >= seconds) {
                break; // this interval starts after the schedule: the drain
            }
            counted++;
            end = s.endSeconds();
        }
        return counted;
    }

    /** Answers of any HTTP status per second of schedule. */
    public double throughput() {
        return all.count() / seconds;
    }

    /** Everything as nested maps, for JSON (latencies in nanoseconds). */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schedule", schedule);
        m.put("seconds", seconds);
        m.put("intended", intended);
        m.put("sent", sent);
        m.put("answered", all.count());
        m.put("throughputPerSecond", throughput());
        m.put("mode", all.mode().id());
        Map<String, Object> outcomes = new LinkedHashMap<>();
        byOutcome.forEach((k, v) -> outcomes.put(k, v.asMap()));
        m.put("byOutcome", outcomes);
        m.put("all", all.asMap());
        m.put("errors", errors);
        m.put("connectionsOpened", connectionsOpened);
        List<Object> seconds = new ArrayList<>();
        for (Second s : timeline) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("second", s.second());
            e.put("endSeconds", s.endSeconds());
            e.put("rate", s.rate());
            e.put("completed", s.completed());
            e.put("byOutcome", s.byOutcome());
            e.put("latency", s.latency().asMap());
            e.put("openConnections", s.openConnections());
            seconds.add(e);
        }
        m.put("timeline", seconds);
        return m;
    }
}
