/** The udp-echo experiment: a capitalising UDP echo over a ring pipeline, the Disruptor and a thread pool, with wait strategies. */
package mechsym.lab.experiments.udpecho;
