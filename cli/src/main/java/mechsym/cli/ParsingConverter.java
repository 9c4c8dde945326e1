package mechsym.cli;

import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A picocli converter made of a tool's {@code parse} method: its {@link IllegalArgumentException}
 * (one line listing the valid values) becomes picocli's usage error. A subclass names the method in
 * its no-argument constructor, which picocli calls.
 */
abstract class ParsingConverter<T> implements ITypeConverter<T> {
    private final Function<String, T> parse;

    ParsingConverter(Function<String, T> parse) {
        this.parse = parse;
    }

    @Override
    public final T convert(String value) {
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
