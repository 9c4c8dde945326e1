/** The dispatch experiment: monomorphic, bimorphic and megamorphic interface call sites. */
package mechsym.lab.experiments.dispatch;
