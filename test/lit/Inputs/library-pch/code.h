int before;
