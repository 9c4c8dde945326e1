/**
 * What the programs and the lab share about the machine and installation they run on: where the
 * repository's {@code native/} folder is ({@link mechsym.tools.platform.NativeFolder}), the JVM flags
 * every JVM mechsym starts needs ({@link mechsym.tools.platform.JvmFlags}), the CPUs as sockets, cores and SMT
 * threads with the placements they allow ({@link mechsym.tools.platform.CpuTopology}), child processes
 * waited for with a deadline ({@link mechsym.tools.platform.ChildProcess}), and I/O failures in words that
 * name their file ({@link mechsym.tools.platform.IoReasons}). Stateless and thread-safe.
 */
package mechsym.tools.platform;
