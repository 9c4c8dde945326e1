/** The packet-analyser experiment: allocated against pooled packet buffers, batch and real time, heap and native, against C++. */
package mechsym.lab.experiments.packetanalyser;
