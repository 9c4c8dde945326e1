/** The UDP capitalising echo server and client: a ring pipeline, the Disruptor or a thread pool, with several wait strategies. */
package mechsym.tools.echo;
