/** The programs built on core (trades, dump, asm, ping, echo, analyser, gateway, load, jms-service) and what their commands share: option checks, server files, stopping once. */
package mechsym.tools;
