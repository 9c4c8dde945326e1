/**
 * What the programs and the lab share about the installation they run from: where the repository's
 * {@code native/} folder is ({@link mechsym.tools.platform.NativeFolder}) and the JVM flags every
 * JVM mechsym starts needs ({@link mechsym.tools.platform.JvmFlags}). Stateless and thread-safe.
 */
package mechsym.tools.platform;
