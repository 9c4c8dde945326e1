/** The cas experiment: contended atomic increments, LOCK ADD, XADD and CMPXCHG in C++ against their Java equivalents. */
package mechsym.lab.experiments.cas;
