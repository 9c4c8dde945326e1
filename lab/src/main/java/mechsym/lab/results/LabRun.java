package mechsym.lab.results;

import java.util.List;
import mechsym.lab.Calibration;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Required;

/**
 * Everything one {@code mechsym lab} run measured: the root object of results.json.
 *
 * <p>Schema {@value #SCHEMA}, documented in docs/results-schema.md. Every figure of report.html
 * and of the terminal summary is read from this object.
 *
 * @param schema always {@value #SCHEMA}
 * @param mechsymVersion the version of mechsym that ran
 * @param startedAt ISO-8601 instant
 * @param seconds wall-clock duration of the whole run
 * @param profile quick, full or tiny
 * @param command the command line that produced it
 * @param environment the machine, JVM and the herding state
 * @param experiments one result per experiment, in run order
 * @param calibration the machine's drift during the run: fixed kernels timed at its start and end (null
 *     in files written before it was recorded)
 */
public record LabRun(
        String schema,
        String mechsymVersion,
        String startedAt,
        double seconds,
        String profile,
        String command,
        Environment environment,
        List<ExperimentResult> experiments,
        Calibration calibration) {

    public static final String SCHEMA = "mechsym-lab-results/1";

    public LabRun {
        experiments =
                Required.uniqueIds(Required.entries(experiments, "experiments"), ExperimentResult::id, "experiments");
    }

    public LabRun(
            String schema,
            String mechsymVersion,
            String startedAt,
            double seconds,
            String profile,
            String command,
            Environment environment,
            List<ExperimentResult> experiments) {
        this(schema, mechsymVersion, startedAt, seconds, profile, command, environment, experiments, null);
    }

    public ExperimentResult experiment(String id) {
        return experiments.stream().filter(e -> e.id().equals(id)).findFirst().orElse(null);
    }
}
