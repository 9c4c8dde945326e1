/** The inter-thread ping-pong rig: CPU pairs placed by topology, padded cells and round-trip timing. */
package mechsym.lab.rigs.pingpong;
