package mechsym.lab;

import java.util.List;

/**
 * One experiment of the lab: a seed post's measurement, repeated on this machine.
 *
 * <p>An implementation reads top to bottom like a JMH sample: a header comment naming the seed and
 * the claim, the seed's published figures as data, the parameters of each profile, then {@link
 * #run}, which measures, fills tables and charts, and states a verdict computed from this run's
 * figures. Implementations are stateless; the runner calls {@code run} once per lab run.
 */
public interface Experiment {

    /** The row id used in the CLI, the report and results.json, e.g. {@code memory-access}. */
    String id();

    /** A short human title. */
    String title();

    /** Where the claim comes from. */
    Seed seed();

    /** The post's claim in one falsifiable sentence. */
    String claim();

    /**
     * The post's published figures as reference tables, each labelled with the post's machine
     * ({@link Table.Source#SEED}). Never measured, never mixed with ours.
     */
    List<Table> seedFigures();

    /**
     * Measures and records tables, charts, notes and a verdict into {@code result}.
     *
     * @throws Exception when the experiment cannot run; the runner records the failure and goes on
     *     with the next experiment
     */
    void run(RunContext context, ExperimentResult.Builder result) throws Exception;
}
