/** The memory-access experiment: linear, in-page random and heap-wide random memory walks. */
package mechsym.lab.experiments.memoryaccess;
