/**
 * JDBC against a real database: {@link mechsym.tools.jdbc.EmbeddedPostgresServer} starts PostgreSQL from
 * binaries on Maven Central into a folder it removes when stopped, and {@link
 * mechsym.tools.jdbc.RoundTripProxy} counts the round trips (and PostgreSQL Execute messages) of the
 * connections that go through it. Each class states its own threading.
 */
package mechsym.tools.jdbc;
