/** What a lab run shows people: report.html with its charts, the terminal summary, and the comparison of two runs. */
package mechsym.lab.report;
