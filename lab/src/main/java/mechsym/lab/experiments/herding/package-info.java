/** The herding experiment: the post's recipe (everybody else on one CPU, the benchmark on the rest) against roaming neighbours. */
package mechsym.lab.experiments.herding;
