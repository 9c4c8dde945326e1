/** {@code mechsym ping}: TCP, UDP and memory-mapped-file (ipc) round-trip servers and clients with several ways to wait. */
package mechsym.tools.ping;
