/**
 * The ledger of lab runs and what is read from it (docs/ledger.md, docs/fleet.md).
 *
 * <p>{@link mechsym.lab.ledger.Ledger} records every run (its machine fingerprint, verdicts,
 * sub-claims, goals and figures) in an SQLite file or a shared PostgreSQL database, one transaction
 * per run, the schema versioned by Flyway. {@link mechsym.lab.ledger.LedgerHook} records a run after
 * its results.json is written and never fails it; {@link mechsym.lab.ledger.RunImport} adds runs made
 * elsewhere. From the ledger: {@link mechsym.lab.ledger.History} (each row over a machine's runs, with
 * {@link mechsym.lab.ledger.ChangePoints}), {@link mechsym.lab.ledger.LedgerBaseline} (a machine's
 * last runs and each figure's between-run noise, for {@code lab compare --baseline ledger}) and
 * {@link mechsym.lab.ledger.Atlas} (the posts across machines).
 *
 * <p>Threading: one {@code Ledger} per thread; many processes may write one ledger at once.
 */
package mechsym.lab.ledger;
