/**
 * What the programs and the lab share about the machine and installation they run on: where the
 * repository's {@code native/} folder is ({@link mechsym.tools.platform.NativeFolder}), the JVM flags
 * every JVM mechsym starts needs ({@link mechsym.tools.platform.JvmFlags}), the CPUs as sockets, cores and SMT
 * threads with the placements they allow ({@link mechsym.tools.platform.CpuTopology}), the C/C++ programs
 * built there with make ({@link mechsym.tools.platform.NativePrograms}), the one lifecycle of every child
 * process and server ({@link mechsym.tools.platform.ChildProcess}, with {@link
 * mechsym.tools.platform.ExitOnStdinClose} in the child JVMs), and I/O failures in words that name
 * their file ({@link mechsym.tools.platform.IoReasons}). Each type states its own threading.
 */
package mechsym.tools.platform;
