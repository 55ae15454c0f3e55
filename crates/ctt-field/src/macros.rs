//! Operator boilerplate shared by every field type: each type provides `add_impl`, `sub_impl`,
//! `mul_impl`, `neg_impl` taking references, and this macro derives the owned/borrowed operator
//! and assignment forms from them.

macro_rules! impl_field_ops {
    (impl[$($gen:tt)*] $ty:ty) => {
        impl<$($gen)*> core::ops::Add for $ty {
            type Output = Self;
            #[inline(always)]
            fn add(self, rhs: Self) -> Self { self.add_impl(&rhs) }
        }
        impl<'a, $($gen)*> core::ops::Add<&'a $ty> for $ty {
            type Output = Self;
            #[inline(always)]
            fn add(self, rhs: &'a Self) -> Self { self.add_impl(rhs) }
        }
        impl<$($gen)*> core::ops::Sub for $ty {
            type Output = Self;
            #[inline(always)]
            fn sub(self, rhs: Self) -> Self { self.sub_impl(&rhs) }
        }
        impl<'a, $($gen)*> core::ops::Sub<&'a $ty> for $ty {
            type Output = Self;
            #[inline(always)]
            fn sub(self, rhs: &'a Self) -> Self { self.sub_impl(rhs) }
        }
        impl<$($gen)*> core::ops::Mul for $ty {
            type Output = Self;
            #[inline(always)]
            fn mul(self, rhs: Self) -> Self { self.mul_impl(&rhs) }
        }
        impl<'a, $($gen)*> core::ops::Mul<&'a $ty> for $ty {
            type Output = Self;
            #[inline(always)]
            fn mul(self, rhs: &'a Self) -> Self { self.mul_impl(rhs) }
        }
        impl<$($gen)*> core::ops::Neg for $ty {
            type Output = Self;
            #[inline(always)]
            fn neg(self) -> Self { self.neg_impl() }
        }
        impl<$($gen)*> core::ops::AddAssign for $ty {
            #[inline(always)]
            fn add_assign(&mut self, rhs: Self) { *self = self.add_impl(&rhs) }
        }
        impl<'a, $($gen)*> core::ops::AddAssign<&'a $ty> for $ty {
            #[inline(always)]
            fn add_assign(&mut self, rhs: &'a Self) { *self = self.add_impl(rhs) }
        }
        impl<$($gen)*> core::ops::SubAssign for $ty {
            #[inline(always)]
            fn sub_assign(&mut self, rhs: Self) { *self = self.sub_impl(&rhs) }
        }
        impl<'a, $($gen)*> core::ops::SubAssign<&'a $ty> for $ty {
            #[inline(always)]
            fn sub_assign(&mut self, rhs: &'a Self) { *self = self.sub_impl(rhs) }
        }
        impl<$($gen)*> core::ops::MulAssign for $ty {
            #[inline(always)]
            fn mul_assign(&mut self, rhs: Self) { *self = self.mul_impl(&rhs) }
        }
        impl<'a, $($gen)*> core::ops::MulAssign<&'a $ty> for $ty {
            #[inline(always)]
            fn mul_assign(&mut self, rhs: &'a Self) { *self = self.mul_impl(rhs) }
        }
    };
}

pub(crate) use impl_field_ops;
