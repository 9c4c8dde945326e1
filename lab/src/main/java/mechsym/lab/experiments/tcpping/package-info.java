/** The tcp-ping experiment: TCP round-trip latency by transport and pinning, Java against C, over loopback and to a remote server. */
package mechsym.lab.experiments.tcpping;
