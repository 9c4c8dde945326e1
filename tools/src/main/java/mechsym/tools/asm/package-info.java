/**
 * The JIT's machine code, as instructions: mechsym's own disassembler plugin for HotSpot
 * ({@code native/hsdis}, over capstone) found or built ({@link mechsym.tools.asm.Hsdis}), a child
 * JVM that prints the code of chosen methods ({@link mechsym.tools.asm.PrintAssembly}), a parser for
 * what it prints ({@link mechsym.tools.asm.AsmListing}) and the post's demonstration: a volatile
 * store is followed by a {@code lock addl} fence, a release store is not ({@link
 * mechsym.tools.asm.StoreDemo}).
 *
 * <p>Threading: these are command-line helpers; each object is used by one thread. Nothing here
 * writes into the JDK: the plugin reaches the child JVM through {@code LD_LIBRARY_PATH}.
 */
package mechsym.tools.asm;
