/** The lab's author API: experiments, their results (tables, charts, verdicts, goals, measures with intervals), profiles and the run's context. */
package mechsym.lab;
