/** The intrinsics experiment: intrinsic methods compiled, disabled and called through JNI or FFM. */
package mechsym.lab.experiments.intrinsics;
