/** The serialisation experiment: serialising one object with Java Serialization, ByteBuffer, Unsafe, the FFM codec and Agrona. */
package mechsym.lab.experiments.serialisation;
