if size == '11' then UNDEFINED;
integer esize;
case size of
    when '00' esize = 8;
    when '01'
        esize = 16; d = UInt(D:Vd);
    otherwise
        UNPREDICTABLE;
constant integer n = UInt(Rn);
