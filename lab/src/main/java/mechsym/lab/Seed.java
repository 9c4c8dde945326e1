package mechsym.lab;

/**
 * The source of an experiment's claim: a post in {@code shared/seeds/}.
 *
 * @param file the seed file, e.g. {@code 000_36716061787f48db.txt}
 * @param post the post's title
 * @param author the post's author or blog
 * @param year the year the post was published
 */
public record Seed(String file, String post, String author, int year) {}
