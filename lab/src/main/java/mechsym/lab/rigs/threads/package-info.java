/** Helpers for experiments that run threads against each other: padded cells and notes on the machine's load. */
package mechsym.lab.rigs.threads;
