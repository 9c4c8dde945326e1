/** The seed posts' published figures as data, each labelled with the post's machine. */
package mechsym.lab.seeds;
