/** The Gatling simulation the jms-load experiment runs in its own JVM: JMS request-reply at a ramping rate. */
package mechsym.gatling;
