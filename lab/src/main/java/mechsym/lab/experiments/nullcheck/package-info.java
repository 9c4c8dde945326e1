/** The null-check experiment: the cost of a null check against a boolean test under C2 and C1, and a sometimes-null value. */
package mechsym.lab.experiments.nullcheck;
