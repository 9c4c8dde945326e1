/** The jms-load experiment: JMS request-reply under a ramping Gatling load against an Artemis broker and an upper-casing service. */
package mechsym.lab.experiments.jmsload;
