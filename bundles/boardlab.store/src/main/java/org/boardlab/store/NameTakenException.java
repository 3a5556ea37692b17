package org.boardlab.store;

/** {@link Store#register} was given a name that another account has. */
public final class NameTakenException extends StoreException {

    private static final long serialVersionUID = 1L;
    private final String name;

    public NameTakenException(String name) {
        super("the name '" + name + "' is taken");
        this.name = name;
    }

    /** The name asked for. */
    public String name() {
        return name;
    }
}
