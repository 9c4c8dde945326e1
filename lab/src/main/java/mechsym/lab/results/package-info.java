/** results.json: a lab run's record, written and read back against its schema (docs/results-schema.md). */
package mechsym.lab.results;
