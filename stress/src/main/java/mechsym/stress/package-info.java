/** Stress and jcstress checks of mechsym's lock-free structures, with negative controls that prove the harness catches bugs. */
package mechsym.stress;
