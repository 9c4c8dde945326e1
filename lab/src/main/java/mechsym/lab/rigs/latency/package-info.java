/** Latency cases shared by the network rows: histograms merged over rounds, summary rows and .hgrm files. */
package mechsym.lab.rigs.latency;
