/** The jdbc-prefetch experiment: the JDBC fetch size's round trips, time and client memory against PostgreSQL, or a database given by URL. */
package mechsym.lab.experiments.jdbcprefetch;
