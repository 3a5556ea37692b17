package org.boardlab.protocol.dots.internal;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.boardlab.store.NameTakenException;
import org.boardlab.store.Store;
import org.boardlab.store.User;
import org.boardlab.store.UserRating;
import org.boardlab.store.rating.SeedElo;

/**
 * The accounts in boardlab's store ({@code boardlab.store}): names unique, passwords kept only as the
 * store's salted slow hash (PBKDF2, see the store's README), ratings stored after every game, both
 * players' in one transaction.
 */
final class StoreAccounts implements Accounts {

    private final Store store;

    StoreAccounts(Store store) {
        this.store = store;
    }

    @Override
    public long register(String name, String password) throws NameTaken {
        try {
            return store.register(name, password.toCharArray(), SeedElo.START).id();
        } catch (NameTakenException e) {
            throw new NameTaken(name);
        }
    }

    @Override
    public OptionalLong verify(String name, String password) {
        Optional<User> u = store.verify(name, password.toCharArray());
        return u.isEmpty() ? OptionalLong.empty() : OptionalLong.of(u.get().id());
    }

    @Override
    public Optional<Account> account(long id) {
        return store.user(id).map(u -> new Account(u.id(), u.name(), (int) Math.round(u.rating())));
    }

    @Override
    public void setRatings(long first, int firstRating, long second, int secondRating) {
        User a = store.user(first).orElseThrow();
        User b = store.user(second).orElseThrow();
        store.setRatings(List.of(new UserRating(a.name(), firstRating, a.games() + 1),
                new UserRating(b.name(), secondRating, b.games() + 1)));
    }
}
