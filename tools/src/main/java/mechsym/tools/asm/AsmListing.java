package mechsym.tools.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What HotSpot prints for {@code -XX:CompileCommand=print,...}, read back as compiled methods and
 * their instructions.
 *
 * <pre>
 * Compiled method (c2) 55    7             Demo::volatileStore (5 bytes)      one section per method
 *   ...
 *   0x00007f45344b5524:   movq    %rsi, 0x80(%r10)                          an instruction (hsdis)
 *   0x00007f45344b552b:   lock addl $0, -0x40(%rsp)  ;*putstatic v {...}    with HotSpot's comment,
 *                                                    ; - Demo::volatileStore@1 (line 6)  continued
 *   0x00007f6a97ed12e0:   4d8b 5730 | f083 4424                             hex: no plugin loaded
 * </pre>
 *
 * Works for AT&T and Intel syntax. Immutable once parsed; thread-safe.
 *
 * @param methods the compiled methods in the order printed
 */
public record AsmListing(List<CompiledMethod> methods) {
    private static final Pattern HEADER =
            Pattern.compile("^Compiled method \\((c1|c2)\\)\\s+\\d+\\s+\\d+\\s+(.*?)\\s*\\((\\d+) bytes\\)\\s*$");
    private static final Pattern ADDRESS_LINE = Pattern.compile("^\\s*0x([0-9a-f]+):\\s+(.*)$");
    private static final Pattern HEX_DUMP = Pattern.compile("^[0-9a-f]{2,8}(\\s*\\|?\\s*[0-9a-f]{2,8})*\\s*\\|?$");
    private static final Pattern COMMENT_LINE = Pattern.compile("^\\s+;(.*)$");

    /**
     * One instruction.
     *
     * @param address where it starts
     * @param text mnemonic and operands as the plugin printed them, e.g. {@code lock addl $0, -0x40(%rsp)}
     * @param comment HotSpot's annotations ({@code ;*putfield ...}, {@code {runtime_call ...}}), or ""
     */
    public record Instruction(long address, String text, String comment) {
        /** The mnemonic, with a {@code lock} prefix kept: {@code lock addl}, {@code movq}. */
        public String mnemonic() {
            String[] words = text.split("\\s+", 3);
            if (words.length > 1 && (words[0].equals("lock") || words[0].startsWith("rep"))) {
                return words[0] + " " + words[1];
            }
            return words[0];
        }

        /** Whether the instruction carries the x86 {@code lock} prefix (an atomic, fencing op). */
        public boolean isLocked() {
            return text.startsWith("lock ");
        }

        /**
         * Whether this is HotSpot's full fence idiom on x86, {@code lock addl $0,DISP(%rsp)} (AT&T) or
         * {@code lock add dword ptr [rsp + DISP], 0} (Intel): a locked no-op on the stack.
         */
        public boolean isStackFence() {
            return isLocked()
                    && text.matches("lock add\\w?\\s+.*rsp.*")
                    && (text.matches("lock add\\w?\\s+\\$0(x0)?,.*") || text.matches(".*,\\s*0(x0)?$"));
        }

        /**
         * Whether this is a {@code mov} to memory: AT&T puts the destination last ({@code movq %rax,
         * 0x10(%rsi)}), Intel first ({@code mov qword ptr [rsi + 0x10], rax}).
         */
        public boolean writesMemory() {
            if (!text.startsWith("mov")) {
                return false;
            }
            String operands = text.contains(" ") ? text.substring(text.indexOf(' ') + 1) : "";
            return operands.contains("%")
                    ? operands.matches(".*,\\s*-?(0x[0-9a-f]+)?\\(%[a-z0-9]+.*\\)$")
                    : operands.matches("^\\w+ ptr \\[.*\\],.*");
        }

        /** The instruction as a listing line: {@code 0x...: text  ; comment}. */
        public String line() {
            return String.format("0x%016x:   %s%s", address, text, comment.isEmpty() ? "" : "   ;" + comment);
        }
    }

    /**
     * One compiled method's code.
     *
     * @param compiler {@code c1} or {@code c2}
     * @param method as HotSpot names it, e.g. {@code mechsym.tools.asm.StoreDemo::volatileStore}
     * @param osr whether this is an on-stack-replacement compilation (a loop entered while running)
     * @param instructions decoded instructions; empty when HotSpot printed hex (no plugin loaded)
     * @param hexLines lines of hex HotSpot printed instead of instructions
     */
    public record CompiledMethod(
            String compiler, String method, boolean osr, List<Instruction> instructions, int hexLines) {

        public boolean isC2() {
            return compiler.equals("c2");
        }

        /** The instructions with the {@code lock} prefix. */
        public List<Instruction> lockedInstructions() {
            return instructions.stream().filter(Instruction::isLocked).toList();
        }

        /** The {@code lock addl $0,(%rsp)} fences. */
        public List<Instruction> stackFences() {
            return instructions.stream().filter(Instruction::isStackFence).toList();
        }

        /** The index of the first instruction whose text contains {@code needle}, or -1. */
        public int indexOf(String needle) {
            for (int i = 0; i < instructions.size(); i++) {
                if (instructions.get(i).text().contains(needle)) {
                    return i;
                }
            }
            return -1;
        }

        /**
         * The store that a source method's comment points at: a {@code mov} to memory followed by a
         * {@code lock addl} fence, where HotSpot's comment on either names {@code site} (e.g. {@code
         * PingPong::publish}); else the first {@code mov} to memory whose comment names it.
         *
         * @return its index, or -1
         */
        public int storeAt(String site) {
            for (int i = 1; i < instructions.size(); i++) {
                Instruction store = instructions.get(i - 1);
                Instruction fence = instructions.get(i);
                if (fence.isStackFence()
                        && store.writesMemory()
                        && (fence.comment().contains(site) || store.comment().contains(site))) {
                    return i - 1;
                }
            }
            for (int i = 0; i < instructions.size(); i++) {
                Instruction store = instructions.get(i);
                if (store.writesMemory() && store.comment().contains(site)) {
                    return i;
                }
            }
            return -1;
        }

        /** The instruction at {@code i + 1}, or null. */
        public Instruction after(int i) {
            return i < 0 || i + 1 >= instructions.size() ? null : instructions.get(i + 1);
        }

        /** The instructions from {@code before} ahead of index {@code i} to {@code after} behind it. */
        public List<Instruction> around(int i, int before, int after) {
            return instructions.subList(Math.max(0, i - before), Math.min(instructions.size(), i + after + 1));
        }
    }

    /** Parses HotSpot's output; lines outside method sections are ignored. */
    public static AsmListing parse(List<String> lines) {
        List<CompiledMethod> methods = new ArrayList<>();
        Section section = null;
        for (String line : lines) {
            Matcher header = HEADER.matcher(line);
            if (header.matches()) {
                if (section != null) {
                    methods.add(section.build());
                }
                section = new Section(header.group(1), header.group(2));
                continue;
            }
            if (section == null) {
                continue;
            }
            if (line.startsWith("[/Disassembly]")) {
                methods.add(section.build());
                section = null;
                continue;
            }
            section.add(line);
        }
        if (section != null) {
            methods.add(section.build());
        }
        return new AsmListing(List.copyOf(methods));
    }

    /** Whether any method was printed as instructions (the plugin loaded). */
    public boolean isDisassembled() {
        return methods.stream().anyMatch(m -> !m.instructions().isEmpty());
    }

    /** Whether some method was printed only as hex (HotSpot found no plugin). */
    public boolean isHexOnly() {
        return !methods.isEmpty() && !isDisassembled() && methods.stream().anyMatch(m -> m.hexLines() > 0);
    }

    /** The C2 methods. */
    public List<CompiledMethod> c2() {
        return methods.stream().filter(CompiledMethod::isC2).toList();
    }

    /** The methods whose name ends with {@code ::name} (any class), in the order printed. */
    public List<CompiledMethod> named(String name) {
        return methods.stream().filter(m -> m.method().endsWith("::" + name)).toList();
    }

    /** Collects one section's lines. */
    private static final class Section {
        private final String compiler;
        private final String method;
        private final boolean osr;
        private final List<Instruction> instructions = new ArrayList<>();
        private int hexLines;

        Section(String compiler, String description) {
            this.compiler = compiler;
            // "110 %     4       PingPong::ping @ 9" or "7             Demo::volatileStore"
            String name = "";
            for (String word : description.split("\\s+")) {
                if (word.contains("::")) {
                    name = word;
                }
            }
            this.method = name;
            this.osr = description.matches(".*\\s%\\s.*|^%\\s.*") || description.matches(".*::\\S+\\s+@\\s+\\d+.*");
        }

        void add(String line) {
            Matcher address = ADDRESS_LINE.matcher(line);
            if (address.matches()) {
                String rest = address.group(2).strip();
                if (rest.startsWith(";")) {
                    return; // a comment printed at an address, e.g. "0x...: ;   {oop(...)}" in hex mode
                }
                if (HEX_DUMP.matcher(rest).matches() && rest.matches(".*\\d.*")) {
                    hexLines++;
                    return;
                }
                int semicolon = rest.indexOf(';');
                String text = (semicolon < 0 ? rest : rest.substring(0, semicolon))
                        .strip()
                        .replaceAll("\\s+", " ");
                String comment =
                        semicolon < 0 ? "" : rest.substring(semicolon + 1).strip();
                instructions.add(new Instruction(Long.parseUnsignedLong(address.group(1), 16), text, comment));
                return;
            }
            Matcher comment = COMMENT_LINE.matcher(line);
            if (comment.matches() && !instructions.isEmpty()) {
                Instruction last = instructions.removeLast();
                String more = comment.group(1).strip();
                instructions.add(new Instruction(
                        last.address(), last.text(), last.comment().isEmpty() ? more : last.comment() + " | " + more));
            }
        }

        CompiledMethod build() {
            return new CompiledMethod(compiler, method, osr, List.copyOf(instructions), hexLines);
        }
    }
}
