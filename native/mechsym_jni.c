/*
 * The real JNI call of the intrinsics experiment (seed 004, "Java Intrinsics are not JNI calls"):
 * one native method, mechsym.lab.experiments.intrinsics.JniMath.sqrt(double), calling libm's sqrt.
 * Loaded with System.load of build/libmechsym_jni.so; the lab builds it with `make build/libmechsym_jni.so`.
 */
#include <jni.h>
#include <math.h>

JNIEXPORT jdouble JNICALL Java_mechsym_lab_experiments_intrinsics_JniMath_sqrt(JNIEnv *env, jclass cls, jdouble x) {
    (void)env;
    (void)cls;
    return sqrt(x);
}
