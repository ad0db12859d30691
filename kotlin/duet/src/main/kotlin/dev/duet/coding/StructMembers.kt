@file:Suppress("UNCHECKED_CAST")

package dev.duet.coding

// `members(::Type, field(…), …)` for constructors of 1 to 22 parameters: the constructor reference
// fixes each member's type and position, so decoding needs no reflection.

/** The members of a struct whose constructor takes them in this order. */
fun <T, A> members(make: (A) -> T, a: Field<T, A>): StructMembers<T> =
    StructMembers(listOf(a)) { decoded -> make(decoded[0] as A) }

fun <T, A, B> members(make: (A, B) -> T, a: Field<T, A>, b: Field<T, B>): StructMembers<T> =
    StructMembers(listOf(a, b)) { decoded -> make(decoded[0] as A, decoded[1] as B) }

fun <T, A, B, C> members(make: (A, B, C) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>): StructMembers<T> =
    StructMembers(listOf(a, b, c)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C) }

fun <T, A, B, C, D> members(make: (A, B, C, D) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D) }

fun <T, A, B, C, D, E> members(make: (A, B, C, D, E) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E) }

fun <T, A, B, C, D, E, F> members(make: (A, B, C, D, E, F) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F) }

fun <T, A, B, C, D, E, F, G> members(make: (A, B, C, D, E, F, G) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G) }

fun <T, A, B, C, D, E, F, G, H> members(make: (A, B, C, D, E, F, G, H) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H) }

fun <T, A, B, C, D, E, F, G, H, I> members(make: (A, B, C, D, E, F, G, H, I) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I) }

fun <T, A, B, C, D, E, F, G, H, I, J> members(make: (A, B, C, D, E, F, G, H, I, J) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J) }

fun <T, A, B, C, D, E, F, G, H, I, J, K> members(make: (A, B, C, D, E, F, G, H, I, J, K) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L> members(make: (A, B, C, D, E, F, G, H, I, J, K, L) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>, p: Field<T, P>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O, decoded[15] as P) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>, p: Field<T, P>, q: Field<T, Q>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O, decoded[15] as P, decoded[16] as Q) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>, p: Field<T, P>, q: Field<T, Q>, r: Field<T, R>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O, decoded[15] as P, decoded[16] as Q, decoded[17] as R) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>, p: Field<T, P>, q: Field<T, Q>, r: Field<T, R>, s: Field<T, S>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O, decoded[15] as P, decoded[16] as Q, decoded[17] as R, decoded[18] as S) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, U> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, U) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>, p: Field<T, P>, q: Field<T, Q>, r: Field<T, R>, s: Field<T, S>, u: Field<T, U>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, u)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O, decoded[15] as P, decoded[16] as Q, decoded[17] as R, decoded[18] as S, decoded[19] as U) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, U, V> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, U, V) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>, p: Field<T, P>, q: Field<T, Q>, r: Field<T, R>, s: Field<T, S>, u: Field<T, U>, v: Field<T, V>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, u, v)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O, decoded[15] as P, decoded[16] as Q, decoded[17] as R, decoded[18] as S, decoded[19] as U, decoded[20] as V) }

fun <T, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, U, V, W> members(make: (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, U, V, W) -> T, a: Field<T, A>, b: Field<T, B>, c: Field<T, C>, d: Field<T, D>, e: Field<T, E>, f: Field<T, F>, g: Field<T, G>, h: Field<T, H>, i: Field<T, I>, j: Field<T, J>, k: Field<T, K>, l: Field<T, L>, m: Field<T, M>, n: Field<T, N>, o: Field<T, O>, p: Field<T, P>, q: Field<T, Q>, r: Field<T, R>, s: Field<T, S>, u: Field<T, U>, v: Field<T, V>, w: Field<T, W>): StructMembers<T> =
    StructMembers(listOf(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, u, v, w)) { decoded -> make(decoded[0] as A, decoded[1] as B, decoded[2] as C, decoded[3] as D, decoded[4] as E, decoded[5] as F, decoded[6] as G, decoded[7] as H, decoded[8] as I, decoded[9] as J, decoded[10] as K, decoded[11] as L, decoded[12] as M, decoded[13] as N, decoded[14] as O, decoded[15] as P, decoded[16] as Q, decoded[17] as R, decoded[18] as S, decoded[19] as U, decoded[20] as V, decoded[21] as W) }
